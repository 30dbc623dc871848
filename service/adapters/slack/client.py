"""Posting to Slack: ``chat.postMessage`` and ``chat.update`` through slack_sdk's
AsyncWebClient (answers in a thread, a placeholder replaced by its answer) and JSON to a
slash command's ``response_url`` through httpx.

Failures never propagate: each post is tried up to ``tries`` times with exponential backoff
(transport errors, 5xx and 429; other 4xx are final), then logged, with the request id the
caller bound in structlog's context. The token is never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import structlog
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

log = structlog.get_logger("gpu_advisor.slack")
# slack_sdk logs whole request bodies (our answers, the asker's question in links) at DEBUG:
# keep its logger at WARNING whatever GPU_ADVISOR_LOG_LEVEL says.
_sdk_log = logging.getLogger("gpu_advisor.slack_sdk")
_sdk_log.setLevel(logging.WARNING)


class PermanentError(Exception):
    """Slack said no in a way a retry will not change (bad channel, expired response_url)."""


_TRANSIENT = frozenset({"ratelimited", "internal_error", "fatal_error", "service_unavailable",
                        "request_timeout"})


def _retryable_status(status: int) -> bool:
    return status == 429 or status >= 500


class SlackClient:
    def __init__(self, token: str | None, api_url: str = "https://slack.com/api/", *,
                 tries: int = 3, base_delay_s: float = 0.5, timeout_s: float = 10.0) -> None:
        if tries < 1:
            raise ValueError("tries must be >= 1")
        self._web = (AsyncWebClient(token=token, base_url=api_url if api_url.endswith("/")
                                    else api_url + "/", timeout=int(timeout_s),
                                    logger=_sdk_log)
                     if token else None)
        self.tries = tries
        self.base_delay_s = base_delay_s
        self._timeout_s = timeout_s
        self._http: httpx.AsyncClient | None = None

    @property
    def can_post_messages(self) -> bool:
        return self._web is not None

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    async def _with_retries(self, what: str, attempt: Callable[[], Awaitable[None]]) -> bool:
        for n in range(1, self.tries + 1):
            try:
                await attempt()
                return True
            except asyncio.CancelledError:
                raise
            except PermanentError as exc:
                log.error("slack_post_failed", what=what, attempt=n, error=str(exc),
                          retry=False)
                return False
            except Exception as exc:  # network, 5xx, 429, malformed answers: retry
                last = n == self.tries
                log.warning("slack_post_failed", what=what, attempt=n,
                            error=f"{type(exc).__name__}: {exc}"[:300], retry=not last)
                if last:
                    log.error("slack_post_gave_up", what=what, tries=self.tries)
                    return False
                await asyncio.sleep(self.base_delay_s * 2 ** (n - 1))
        return False

    async def _call(self, what: str, call: Callable[[AsyncWebClient], Awaitable[Any]]
                    ) -> Any | None:
        """One Web API method, retried; its response, or None when it failed (logged)."""
        web = self._web
        if web is None:
            log.error("slack_post_failed", what=what,
                      error="GPU_ADVISOR_SLACK_BOT_TOKEN is not set", retry=False)
            return None
        answered: list[Any] = []

        async def attempt() -> None:
            try:
                answered.append(await call(web))
            except SlackApiError as exc:
                resp = exc.response
                status = int(getattr(resp, "status_code", 0) or getattr(resp, "status", 0) or 0)
                error = str(resp.get("error", "")) if hasattr(resp, "get") else ""
                if _retryable_status(status) or error in _TRANSIENT:
                    raise
                raise PermanentError(f"{what} answered {status}: {error}") from exc

        return answered[-1] if await self._with_retries(what, attempt) else None

    async def post_message(self, channel: str, message: dict[str, Any],
                           thread_ts: str | None = None) -> str | None:
        """``chat.postMessage`` with ``message``'s text and blocks, in ``thread_ts``'s thread:
        the posted message's ``ts`` (for ``update_message``; "" if Slack gave none), or None
        when it could not be posted."""
        resp = await self._call("chat.postMessage", lambda web: web.chat_postMessage(
            channel=channel, thread_ts=thread_ts, text=message.get("text", ""),
            blocks=message.get("blocks")))
        if resp is None:
            return None
        ts = resp.get("ts") if hasattr(resp, "get") else None
        return ts if isinstance(ts, str) else ""

    async def update_message(self, channel: str, ts: str, message: dict[str, Any]) -> bool:
        """``chat.update``: the message ``ts`` in ``channel`` replaced by ``message``."""
        resp = await self._call("chat.update", lambda web: web.chat_update(
            channel=channel, ts=ts, text=message.get("text", ""),
            blocks=message.get("blocks")))
        return resp is not None

    async def respond(self, response_url: str, payload: dict[str, Any]) -> bool:
        """POST ``payload`` as JSON to a slash command's ``response_url``."""
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=self._timeout_s)
        http = self._http

        async def attempt() -> None:
            r = await http.post(response_url, json=payload)
            if r.status_code >= 400:
                detail = f"response_url answered {r.status_code}: {r.text[:200]}"
                if _retryable_status(r.status_code):
                    raise RuntimeError(detail)
                raise PermanentError(detail)

        return await self._with_retries("response_url", attempt)
