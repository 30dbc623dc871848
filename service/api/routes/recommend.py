"""POST /v1/recommendations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from litestar import Request, post
from litestar.params import JSONBody

from service.api.body import strict_body
from service.api.caching import lookup, store
from service.api.names import check_recommendation, reject_blank
from service.api.problems import problem_responses
from service.api.state import AppState
from service.domain.answer.localised import localise_recommendation
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest


def _depends(state: AppState) -> tuple[object, ...]:
    """Prices turn stale by the day: the day is part of the answer."""
    catalog = state.data()
    return (catalog.version, dt.date.today(), catalog.stale_after_days)


@post("/v1/recommendations", operation_id="recommend", tags=["recommendations"],
      status_code=200, responses=problem_responses(400, 408, 413, 415, 422, 429, 503, 504),
      before_request=lookup("recommend", _depends))
async def recommendations(request: Request[Any, Any, Any],
                          data: JSONBody[RecommendationRequest]) -> Recommendation:
    """Ranked offers for a workload, usage pattern and budget: why each, what it costs, what
    was rejected and what would change the answer. An impossible request is a 200 with no
    options and a `reason`. With `lang` "ro" the options' warnings, the rejected offers'
    reasons and the `reason` are in Romanian, as /v1/ask words them (a text with no Romanian
    wording stays English)."""
    await strict_body(request, RecommendationRequest)  # a number as text is a 400
    state: AppState = request.app.state.app_state
    catalog = state.data()
    reject_blank(data)
    check_recommendation(data, catalog)
    today = dt.date.today()
    return await store(request, "recommend", (catalog.version, today, catalog.stale_after_days),
                       lambda: localise_recommendation(recommend(data, catalog, today),
                                                       state.messages, data.lang))
