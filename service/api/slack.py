"""The Slack bot's HTTP side: ``POST /slack/commands`` (the ``/gpu`` slash command) and
``POST /slack/events`` (Events API: mentions and direct messages), mounted only when
``GPU_ADVISOR_SLACK_SIGNING_SECRET`` is set.

Every request is verified first (slack_sdk's SignatureVerifier on the raw body, timestamp
within 5 minutes); anything else is a 401 and nothing more happens. Slack wants an answer
within 3 s: a slash command gets its full answer inline when it is ready within
``INLINE_WAIT_S``, else an ephemeral acknowledgement and the answer later at its
``response_url``; an event gets 200 at once and the answer in the thread. The work runs in
background tasks (the CPU-heavy part in a thread), posting is retried and never raises into a
request.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Coroutine, Mapping
from typing import Any
from urllib.parse import parse_qs

import msgspec
import structlog
from litestar import Request, Response, Router, post
from slack_sdk.signature import SignatureVerifier

from service.adapters.event_dedupe import EventStore, MemoryEventStore
from service.adapters.slack_client import SlackClient
from service.api.problems import problem_response
from service.api.state import AppState
from service.domain.slack_commands import (
    BotData,
    Command,
    clean_slack_text,
    parse_command,
    run_command,
)
from service.domain.slack_render import Message, render_ack, render_failed, render_starting
from service.settings import Settings

log = structlog.get_logger("gpu_advisor.slack")

INLINE_WAIT_S = 0.15
"""How long a slash command waits for its answer before acknowledging; kept well under
Slack's 3 s so the acknowledgement is immediate."""
SHUTDOWN_GRACE_S = 5.0


def _request_id() -> str:
    rid = structlog.contextvars.get_contextvars().get("request_id")
    return str(rid) if rid else "-"


class SlackBot:
    """Verification, event de-duplication, background work and delivery for the routes."""

    def __init__(self, settings: Settings, *, client: SlackClient | None = None,
                 store: EventStore | None = None, inline_wait_s: float = INLINE_WAIT_S
                 ) -> None:
        if not settings.slack_signing_secret:
            raise ValueError("the Slack bot needs GPU_ADVISOR_SLACK_SIGNING_SECRET")
        self._verifier = SignatureVerifier(settings.slack_signing_secret)
        self.client = client or SlackClient(settings.slack_bot_token, settings.slack_api_url)
        self.store: EventStore = store or MemoryEventStore()
        self.inline_wait_s = inline_wait_s
        self.public_url = settings.public_url
        self.stale_after_days = settings.stale_after_days
        self.tasks: set[asyncio.Task[Any]] = set()

    # -- requests ------------------------------------------------------------------------

    def verify(self, body: bytes, headers: Mapping[str, str]) -> bool:
        timestamp = headers.get("x-slack-request-timestamp")
        signature = headers.get("x-slack-signature")
        if not timestamp or not signature or not timestamp.strip().isdigit():
            return False
        try:
            return self._verifier.is_valid(body=body, timestamp=timestamp.strip(),
                                           signature=signature)
        except (ValueError, UnicodeDecodeError):
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
        loaded = state.loaded
        if loaded is None:
            return None
        kb = state.knowledge
        return BotData(registry=loaded.registry, offers=loaded.offers,
                       providers=loaded.providers, today=dt.date.today(),
                       stale_after_days=self.stale_after_days,
                       catalog_version=loaded.catalog_version,
                       retriever=kb.retriever if kb else None,
                       passages=kb.passages if kb else None, public_url=self.public_url)

    async def compute(self, state: AppState, cmd: Command, request_id: str) -> Message:
        """The message for ``cmd``, computed off the event loop; never raises."""
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            data = self.data(state)
            if data is None:
                return render_starting(cmd.lang)
            try:
                return await asyncio.to_thread(run_command, cmd, data)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("slack_answer_failed", kind=cmd.kind, exc_info=exc)
                return render_failed(request_id, cmd.lang)

    async def deliver_to_response_url(self, answer: asyncio.Task[Message], response_url: str,
                                      request_id: str) -> None:
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            msg = await answer
            if not response_url:
                log.error("slack_post_failed", what="response_url", error="no response_url")
                return
            await self.client.respond(response_url, {"response_type": "ephemeral", **msg})

    async def answer_in_thread(self, state: AppState, cmd: Command, channel: str,
                               thread_ts: str | None, request_id: str) -> None:
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            msg = await self.compute(state, cmd, request_id)
            await self.client.post_message(channel, msg, thread_ts=thread_ts)


def _unauthorized() -> Response[Any]:
    return problem_response(401, "missing or invalid Slack signature, or a timestamp more "
                            "than 5 minutes off", slug="bad-slack-signature")


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
            return _unauthorized()
        form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)

        def field(name: str) -> str:
            return form.get(name, [""])[0]

        if "payload" in form:  # a click on a link button: nothing to do but acknowledge
            return Response(content=b"", status_code=200)
        state: AppState = request.app.state.app_state
        cmd = parse_command(clean_slack_text(field("text")))
        rid = _request_id()
        log.info("slack_command", kind=cmd.kind, lang=cmd.lang)
        answer = bot.spawn(bot.compute(state, cmd, rid))
        try:
            msg = await asyncio.wait_for(asyncio.shield(answer), bot.inline_wait_s)
        except TimeoutError:
            bot.spawn(bot.deliver_to_response_url(answer, field("response_url"), rid))
            msg = render_ack(cmd.lang)
        return Response(content={"response_type": "ephemeral", **msg}, status_code=200)

    @post("/events", operation_id="slackEvents", include_in_schema=False, status_code=200)
    async def slack_events(request: Request[Any, Any, Any]) -> Response[Any]:
        body = await request.body()
        if not bot.verify(body, request.headers):
            return _unauthorized()
        try:
            payload = msgspec.json.decode(body)
        except msgspec.DecodeError:
            return problem_response(400, "malformed JSON body", slug="malformed-json")
        if not isinstance(payload, dict):
            return problem_response(400, "expected a JSON object", slug="malformed-json")
        kind = payload.get("type")
        if kind == "url_verification":
            return Response(content={"challenge": str(payload.get("challenge", ""))},
                            status_code=200)
        event = payload.get("event")
        if kind != "event_callback" or not isinstance(event, dict):
            return Response(content=b"", status_code=200)
        event_id = str(payload.get("event_id") or "")
        retry = request.headers.get("x-slack-retry-num")
        if event_id and not await bot.store.first_time(event_id):
            log.info("slack_event_duplicate", event_id=event_id, retry=retry)
            return Response(content=b"", status_code=200)
        if not _answerable(event):
            return Response(content=b"", status_code=200)
        cmd = parse_command(clean_slack_text(event["text"]))
        thread_ts = event.get("thread_ts") or event.get("ts")
        log.info("slack_event", event_id=event_id, type=event.get("type"), kind=cmd.kind,
                 lang=cmd.lang, retry=retry)
        state: AppState = request.app.state.app_state
        bot.spawn(bot.answer_in_thread(state, cmd, event["channel"],
                                       str(thread_ts) if thread_ts else None, _request_id()))
        return Response(content=b"", status_code=200)

    return Router(path="/slack", route_handlers=[slack_command, slack_events],
                  include_in_schema=False)
