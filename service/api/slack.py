"""The Slack bot's HTTP side: ``POST /slack/commands`` (the ``/gpu`` slash command) and
``POST /slack/events`` (Events API: mentions and direct messages), mounted only when
``GPU_ADVISOR_SLACK_SIGNING_SECRET`` is set.

Every request is verified first (slack_sdk's SignatureVerifier on the raw body, timestamp
within 5 minutes); anything else, malformed headers included, is a 401 and nothing more
happens. A verified request can still be replayed while its timestamp is fresh, and Slack
retries events: each is handled once (events by ``event_id``, or by a hash of the body when
there is none; slash commands by ``trigger_id``, or by their signature when there is none),
through the same ``EventStore`` (Redis when configured); a repeat gets an empty 200. A signed
body that is not what Slack sends (not JSON, nested too deep, wrong types) is a 400.

Slack wants an answer within 3 s: a slash command gets its full answer inline when it is
ready within ``INLINE_WAIT_S``, else an ephemeral "Working on it…" that the answer then
replaces through its ``response_url`` (``replace_original``); an event gets 200 at once and
the answer in the thread, after a "Working on it…" there (which ``chat.update`` turns into
the answer) when it takes longer than ``PLACEHOLDER_AFTER_S``. The work runs in background
tasks (the CPU-heavy part in a thread), posting is retried and never raises into a request.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import hashlib
import re
import time
from collections.abc import Coroutine, Mapping
from typing import Any
from urllib.parse import parse_qs

import msgspec
import structlog
from litestar import Request, Response, Router, post
from slack_sdk.signature import SignatureVerifier

from service.adapters.slack.client import SlackClient
from service.adapters.slack.commands import (
    MAX_QUESTION,
    BotData,
    Command,
    clean_slack_text,
    parse_command,
    run_command,
)
from service.adapters.slack.dedupe import DedupeKind, EventStore, MemoryEventStore
from service.adapters.slack.render import (
    Message,
    render_ack,
    render_failed,
    render_rate_limited,
    render_starting,
)
from service.api.problems import problem_response
from service.api.rate_limit import RateLimiter
from service.api.state import AppState
from service.domain.messages import Messages
from service.settings import Settings

log = structlog.get_logger("gpu_advisor.slack")

INLINE_WAIT_S = 0.15
"""How long a slash command waits for its answer before acknowledging; kept well under
Slack's 3 s so the acknowledgement is immediate."""
PLACEHOLDER_AFTER_S = 1.0
"""How long a mention or a direct message waits for its answer before a "Working on it…"
goes to the thread (to be replaced by the answer)."""
SHUTDOWN_GRACE_S = 5.0
MAX_SIGNATURE_AGE_S = 5 * 60
"""Slack's window: a request whose timestamp is further off (either way) is refused."""
MAX_FORM_FIELDS = 100
"""A slash command has about 15 fields; a form with more is not from Slack."""
MAX_TEXT_IN = 4 * MAX_QUESTION
"""How much of a command's or message's raw text (Slack markup included) is read at all."""
MAX_ARGS = 200
"""``size``/``recommend`` arguments are cut to this: they name a model, which an unknown
model's answer echoes back."""

_TIMESTAMP = re.compile(r"[0-9]{1,12}")  # ASCII digits only: str.isdigit() also takes "١²"
_SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")  # what Slack sends (and all that can match)
_PLAIN_KEY = re.compile(r"[A-Za-z0-9._=-]{1,128}")  # Slack's ids, trigger_ids, signatures


def _request_id() -> str:
    rid = structlog.contextvars.get_contextvars().get("request_id")
    return str(rid) if rid else "-"


class SlackBot:
    """Verification, event de-duplication, background work and delivery for the routes."""

    def __init__(self, settings: Settings, *, client: SlackClient | None = None,
                 store: EventStore | None = None, inline_wait_s: float = INLINE_WAIT_S,
                 placeholder_after_s: float | None = None,
                 limiter: RateLimiter | None = None) -> None:
        if not settings.slack_signing_secret:
            raise ValueError("the Slack bot needs GPU_ADVISOR_SLACK_SIGNING_SECRET")
        self._verifier = SignatureVerifier(settings.slack_signing_secret)
        self.client = client or SlackClient(settings.slack_bot_token, settings.slack_api_url)
        self.store: EventStore = store or MemoryEventStore()
        self.inline_wait_s = inline_wait_s
        self.placeholder_after_s = placeholder_after_s
        """None: ``PLACEHOLDER_AFTER_S`` (read when needed)."""
        self.public_url = settings.public_url
        self.stale_after_days = settings.stale_after_days
        self.tasks: set[asyncio.Task[Any]] = set()
        self.limiter = limiter
        """The rate limit (None: off): per workspace once verified, per address before."""

    # -- requests ------------------------------------------------------------------------

    def verify(self, body: bytes, headers: Mapping[str, str]) -> bool:
        """True for a correctly signed, fresh request. Never raises: a header that is not
        what Slack sends (a 400-digit, negative, fractional or non-ASCII timestamp, a
        signature of the wrong form) is simply not valid."""
        timestamp = (headers.get("x-slack-request-timestamp") or "").strip()
        signature = (headers.get("x-slack-signature") or "").strip()
        if not _TIMESTAMP.fullmatch(timestamp) or not _SIGNATURE.fullmatch(signature):
            return False
        if abs(time.time() - int(timestamp)) > MAX_SIGNATURE_AGE_S:
            return False
        try:
            return self._verifier.is_valid(body=body, timestamp=timestamp,
                                           signature=signature)
        except (ValueError, TypeError, OverflowError, UnicodeDecodeError):
            return False  # a body that is not UTF-8 cannot be verified by slack_sdk

    async def count_unverified(self, request: Request[Any, Any, Any]) -> None:
        """Count a request whose signature did not verify under its address, as every other
        route's (raises the 429 over the limit): an unsigned request never gets the
        workspace's bucket, nor none."""
        if self.limiter is not None:
            client = request.client
            await self.limiter.check_address(client.host if client else "unknown")

    async def team_over_limit(self, team_id: object) -> int | None:
        """Count a verified request under its workspace (``team_id``): None within the
        limit, else the seconds until it resets."""
        if self.limiter is None:
            return None
        team = _plain_key(team_id) if isinstance(team_id, str) and team_id else "-"
        ok, reset_s = await self.limiter.slack_team_within(team)
        if ok:
            return None
        log.info("slack_rate_limited", team=team, reset_s=reset_s)
        return reset_s

    async def first_time(self, key: str, kind: DedupeKind) -> bool:
        """Whether this request is new; a repeat is logged."""
        if await self.store.first_time(key, kind):
            return True
        log.info("slack_duplicate", kind=kind, key=key)
        return False

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background, holding a reference until it is done."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def aclose(self) -> None:
        """At shutdown: let pending answers finish (briefly), then cancel the rest."""
        pending = [t for t in self.tasks if not t.done()]
        if pending:
            _, still = await asyncio.wait(pending, timeout=SHUTDOWN_GRACE_S)
            for t in still:
                t.cancel()
            if still:
                await asyncio.gather(*still, return_exceptions=True)
        await self.client.aclose()

    # -- work ------------------------------------------------------------------------------

    def data(self, state: AppState) -> BotData | None:
        catalog = state.catalog
        if catalog is None:
            return None
        return BotData(catalog=catalog, today=dt.date.today(), knowledge=state.knowledge,
                       public_url=self.public_url, messages=state.messages)

    async def compute(self, state: AppState, cmd: Command, request_id: str) -> Message:
        """The message for ``cmd``, computed off the event loop; never raises."""
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            data = self.data(state)
            if data is None:
                return render_starting(cmd.lang, state.messages)
            try:
                return await asyncio.to_thread(run_command, cmd, data)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("slack_answer_failed", kind=cmd.kind, exc_info=exc)
                return render_failed(request_id, cmd.lang, state.messages)

    async def deliver_to_response_url(self, answer: asyncio.Task[Message], response_url: str,
                                      request_id: str) -> None:
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            msg = await answer
            if not response_url:
                log.error("slack_post_failed", what="response_url", error="no response_url")
                return
            # the ephemeral "Working on it…" becomes the answer
            await self.client.respond(response_url, {"response_type": "ephemeral",
                                                     "replace_original": True, **msg})

    async def answer_in_thread(self, state: AppState, cmd: Command, channel: str,
                               thread_ts: str | None, request_id: str) -> None:
        """The answer in the thread; when it is slow, a "Working on it…" first, which the
        answer then replaces (a new message only if that cannot be updated)."""
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            answer = self.spawn(self.compute(state, cmd, request_id))
            wait = (PLACEHOLDER_AFTER_S if self.placeholder_after_s is None
                    else self.placeholder_after_s)
            try:
                msg = await asyncio.wait_for(asyncio.shield(answer), wait)
            except TimeoutError:
                pass
            else:
                await self.client.post_message(channel, msg, thread_ts=thread_ts)
                return
            ack = render_ack(cmd.lang, state.messages)
            placeholder = await self.client.post_message(channel, ack, thread_ts=thread_ts)
            msg = await answer
            if placeholder and await self.client.update_message(channel, placeholder, msg):
                return
            await self.client.post_message(channel, msg, thread_ts=thread_ts)


def _unauthorized() -> Response[Any]:
    return problem_response(401, "missing or invalid Slack signature, or a timestamp more "
                            "than 5 minutes off", slug="bad-slack-signature")


def _malformed(detail: str) -> Response[Any]:
    return problem_response(400, detail, slug="malformed-slack-request")


def _empty() -> Response[Any]:
    """What Slack gets when there is nothing to say (it wants a 200)."""
    return Response(content=b"", status_code=200)


def _plain_key(value: str) -> str:
    """``value`` as a store key: itself when short and plain (Slack's ids and signatures
    are), else its SHA-256 (the ``:`` keeps the two forms apart)."""
    if _PLAIN_KEY.fullmatch(value):
        return value
    return "sha256:" + hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


def _command_key(form: Mapping[str, list[str]], signature: str) -> str:
    """A slash command's identity: its ``trigger_id`` (unique per invocation) when present,
    else its signature (an HMAC of timestamp and body, so unique per request Slack signed).
    A replay repeats both."""
    trigger = form.get("trigger_id", [""])[0]
    if trigger:
        return "trigger:" + _plain_key(trigger)
    return "signature:" + signature


def _command(text: str, messages: Messages | None = None) -> Command:
    """The command in a slash command's or a message's text, its size bounded: the raw text
    read up to ``MAX_TEXT_IN``, a question up to ``MAX_QUESTION``, a model name (which can
    be echoed back) up to ``MAX_ARGS``. ``messages``: the loaded ones (their command verbs
    and language words; the shipped ones if None)."""
    cmd = parse_command(clean_slack_text(text[:MAX_TEXT_IN])[:MAX_QUESTION],
                        messages=messages)
    if cmd.kind in ("size", "recommend") and len(cmd.args) > MAX_ARGS:
        cmd = dataclasses.replace(cmd, args=cmd.args[:MAX_ARGS])
    return cmd


def _answerable(event: Mapping[str, Any]) -> bool:
    """Mentions and direct messages from people; never bot messages, edits or other
    subtypes (our own answers would loop)."""
    if event.get("bot_id") or event.get("subtype") or event.get("bot_profile"):
        return False
    if not isinstance(event.get("channel"), str) or not isinstance(event.get("text"), str):
        return False
    kind = event.get("type")
    return kind == "app_mention" or (kind == "message" and event.get("channel_type") == "im")


def slack_routes(settings: Settings, bot: SlackBot | None = None) -> Router:
    """The Slack routes (left out of the OpenAPI document: they speak Slack's protocol)."""
    bot = bot or SlackBot(settings)

    @post("/commands", operation_id="slackCommand", include_in_schema=False,
          status_code=200)
    async def slack_command(request: Request[Any, Any, Any]) -> Response[Any]:
        body = await request.body()
        if not bot.verify(body, request.headers):
            await bot.count_unverified(request)
            return _unauthorized()
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind and kind != "application/x-www-form-urlencoded":
            # Slack posts slash commands as a form: a signed JSON body (an Events URL pointed
            # here: its url_verification) was answered with the help text, a 200 that hid the
            # misconfiguration (audit buyer31c #11)
            return _malformed("a slash command is a form (application/x-www-form-urlencoded)"
                              f", not {kind}")
        try:
            form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True,
                            max_num_fields=MAX_FORM_FIELDS)
        except ValueError:
            return _malformed(f"a slash command has at most {MAX_FORM_FIELDS} form fields")

        def field(name: str) -> str:  # the first of repeated keys
            return form.get(name, [""])[0]

        if "payload" in form:  # a click on a link button: nothing to do but acknowledge
            return _empty()
        key = _command_key(form, request.headers["x-slack-signature"].strip())
        if not await bot.first_time(key, "command"):
            return _empty()  # a replay: answered already
        state: AppState = request.app.state.app_state
        cmd = _command(field("text"), state.messages)
        if (wait_s := await bot.team_over_limit(field("team_id"))) is not None:
            # Slack needs its 200: a 429 reads "/gpu failed" to the user
            return Response(content={"response_type": "ephemeral",
                                     **render_rate_limited(wait_s, cmd.lang, state.messages)},
                            status_code=200)
        rid = _request_id()
        log.info("slack_command", kind=cmd.kind, lang=cmd.lang)
        answer = bot.spawn(bot.compute(state, cmd, rid))
        try:
            msg = await asyncio.wait_for(asyncio.shield(answer), bot.inline_wait_s)
        except TimeoutError:
            bot.spawn(bot.deliver_to_response_url(answer, field("response_url"), rid))
            msg = render_ack(cmd.lang, state.messages)
        return Response(content={"response_type": "ephemeral", **msg}, status_code=200)

    @post("/events", operation_id="slackEvents", include_in_schema=False, status_code=200)
    async def slack_events(request: Request[Any, Any, Any]) -> Response[Any]:
        body = await request.body()
        if not bot.verify(body, request.headers):
            await bot.count_unverified(request)
            return _unauthorized()
        try:
            payload = msgspec.json.decode(body)
        except (msgspec.DecodeError, RecursionError):  # RecursionError: nested too deep
            return _malformed("malformed JSON body")
        if not isinstance(payload, dict):
            return _malformed("expected a JSON object")
        kind = payload.get("type")
        if not isinstance(kind, str):
            return _malformed("expected a string \"type\"")
        if kind == "url_verification":
            challenge = payload.get("challenge")
            if not isinstance(challenge, str) or not challenge:
                return _malformed("url_verification without a string \"challenge\"")
            return Response(content={"challenge": challenge}, status_code=200)
        if kind != "event_callback":  # app_rate_limited and the like: acknowledged
            return _empty()
        event = payload.get("event")
        if not isinstance(event, dict):
            return _malformed("event_callback without an \"event\" object")
        event_id = payload.get("event_id")
        if event_id is None:
            event_id = ""
        elif not isinstance(event_id, str):
            return _malformed("\"event_id\" is not a string")
        retry = request.headers.get("x-slack-retry-num")
        # without an event_id, the body itself: a Slack retry resends it byte for byte
        key_kind: DedupeKind = "event" if event_id else "event-body"
        key = _plain_key(event_id) if event_id else hashlib.sha256(body).hexdigest()
        if not await bot.first_time(key, key_kind):
            return _empty()
        if not _answerable(event):
            return _empty()
        state: AppState = request.app.state.app_state
        cmd = _command(event["text"], state.messages)
        thread_ts = next((t for t in (event.get("thread_ts"), event.get("ts"))
                          if isinstance(t, str) and t), None)
        if (wait_s := await bot.team_over_limit(payload.get("team_id"))) is not None:
            # acknowledged (Slack retries a failed delivery, then disables the subscription),
            # and said in the thread instead of the answer
            bot.spawn(bot.client.post_message(
                event["channel"], render_rate_limited(wait_s, cmd.lang, state.messages),
                thread_ts=thread_ts))
            return _empty()
        log.info("slack_event", event_id=event_id[:128] or None, key=key,
                 type=event.get("type"), kind=cmd.kind, lang=cmd.lang, retry=retry)
        bot.spawn(bot.answer_in_thread(state, cmd, event["channel"], thread_ts,
                                       _request_id()))
        return _empty()

    return Router(path="/slack", route_handlers=[slack_command, slack_events],
                  include_in_schema=False)
