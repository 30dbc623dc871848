"""POST /v1/ask."""

from __future__ import annotations

import datetime as dt
from typing import Any

from litestar import Request, post
from litestar.params import JSONBody

from service.api.caching import cache_key, cached
from service.api.problems import ProblemError, problem_responses
from service.api.state import AppState
from service.domain.ask import AskRequest, AskResponse, answer


@post("/v1/ask", operation_id="ask", tags=["questions"], status_code=200,
      responses=problem_responses(400, 413, 429, 503))
async def ask(request: Request[Any, Any, Any], data: JSONBody[AskRequest]) -> AskResponse:
    """A question in English or Romanian: the passages of our guidance that answer it, the
    entities found in it, and the numbers computed for that model and budget. Off-topic text
    gets a polite no-answer (200), never content from outside the knowledge base."""
    state: AppState = request.app.state.app_state
    kb = state.knowledge
    if kb is None:
        raise ProblemError(503, state.knowledge_error or "the knowledge index is still "
                                "loading; retry shortly", headers={"Retry-After": "5"})
    loaded = state.data()
    today = dt.date.today()
    stale_days = state.settings.stale_after_days
    key = cache_key("ask", data, loaded.catalog_version, kb.index_key, today, stale_days)
    return await cached(state, key, lambda: answer(
        data, kb.retriever, kb.passages, loaded.registry, loaded.offers, loaded.providers,
        today, stale_days, loaded.catalog_version))
