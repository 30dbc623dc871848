"""POST /v1/ask."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from litestar import Request, post
from litestar.params import JSONBody

from service.api.body import strict_body
from service.api.caching import lookup, store
from service.api.names import reject_blank
from service.api.problems import ProblemError, problem_responses
from service.api.state import AppState
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.errors import InvalidInput
from service.domain.fields import QUESTION_TEXT


def _depends(state: AppState) -> tuple[object, ...] | None:
    """The passages found depend on the knowledge index, the numbers on the catalog and the
    day; nothing is cached before the index is loaded."""
    kb = state.knowledge
    if kb is None:
        return None
    catalog = state.data()
    return (catalog.version, kb.index_key, dt.date.today(), catalog.stale_after_days)


_TEXT = re.compile(QUESTION_TEXT)  # the spec's pattern: one character to read

@post("/v1/ask", operation_id="ask", tags=["questions"], status_code=200,
      responses=problem_responses(400, 408, 413, 415, 429, 503, 504),
      before_request=lookup("ask", _depends))
async def ask(request: Request[Any, Any, Any], data: JSONBody[AskRequest]) -> AskResponse:
    """A question in English or Romanian: the passages of our guidance that answer it, the
    entities found in it, and the numbers computed for that model and budget. Off-topic text
    gets a polite no-answer (200), never content from outside the knowledge base."""
    await strict_body(request, AskRequest)  # "top_k": "3" is a 400, as the spec's integer
    if not _TEXT.search(data.question):
        # control characters only ("\u0000\u0001"): nothing to read, not an off-topic question
        raise InvalidInput("question has no printable text", "$.question")
    reject_blank(data)  # a blank context name is empty, not an unknown one
    state: AppState = request.app.state.app_state
    kb = state.knowledge
    if kb is None:
        raise ProblemError(503, state.knowledge_error or "the knowledge index is still "
                                "loading; retry shortly", headers={"Retry-After": "5"})
    catalog = state.data()
    today = dt.date.today()
    deps = (catalog.version, kb.index_key, today, catalog.stale_after_days)
    return await store(request, "ask", deps, lambda: answer(data, kb, catalog, today))
