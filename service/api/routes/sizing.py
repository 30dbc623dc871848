"""POST /v1/sizing."""

from __future__ import annotations

from typing import Any

from litestar import Request, post
from litestar.params import JSONBody

from service.api.body import strict_body
from service.api.caching import lookup, store
from service.api.names import check_sizing, reject_blank
from service.api.problems import problem_responses
from service.api.state import AppState
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size


def _depends(state: AppState) -> tuple[object, ...]:
    return (state.data().version,)


@post("/v1/sizing", operation_id="size", tags=["sizing"], status_code=200,
      responses=problem_responses(400, 408, 413, 415, 422, 429, 503, 504),
      before_request=lookup("sizing", _depends))
async def sizing(request: Request[Any, Any, Any],
                 data: JSONBody[SizingRequest]) -> SizingResult:
    """Memory, fit, speed and cost for a model (named, inline architecture or HF config.json)
    on a GPU setup, for inference, fine-tuning or pre-training."""
    await strict_body(request, SizingRequest)  # "batch_size": "8" is a 400 (spec: integer)
    state: AppState = request.app.state.app_state
    catalog = state.data()
    reject_blank(data)
    check_sizing(data, catalog)
    # sizing's cost has a small tested bound: on the loop, no hop (service/api/compute.py)
    return await store(request, "sizing", (catalog.version,), lambda: size(data, catalog),
                       bounded=True)
