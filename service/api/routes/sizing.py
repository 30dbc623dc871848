"""POST /v1/sizing."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, post
from litestar.params import JSONBody

from service.api.body import NOT_DECODED, strict_body
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
    # "batch_size": "8" is a 400 (spec: integer); the body as decoded, read once more below
    raw = await strict_body(request, SizingRequest)
    state: AppState = request.app.state.app_state
    catalog = state.data()
    reject_blank(data)
    check_sizing(data, catalog)
    if raw is NOT_DECODED:  # a byte-order mark in front, which Litestar reads past
        raw = _decoded(await request.body())
    # a body with no batch_size and no request_rate_per_s states no load: more GPUs than one
    # replica needs are laid out for full load (size's load_stated)
    stated = _stated(raw, "batch_size", "request_rate_per_s")
    # a body with no input_tokens states no input length: an embedding model's input is one
    # retrieval chunk (size's input_stated), as /v1/recommendations and /v1/ask size it
    input_stated = _stated(raw, "input_tokens")
    # a body with a request_rate_per_s and no batch_size: an embedding or audio model is
    # served at the batch the recommendations time it at (size's batch_stated)
    batch_stated = _stated(raw, "batch_size")
    # sizing's cost has a small tested bound: on the loop, no hop (service/api/compute.py)
    return await store(request, "sizing", (catalog.version,),
                       lambda: size(data, catalog, load_stated=stated,
                                    input_stated=input_stated, batch_stated=batch_stated),
                       bounded=True)


def _decoded(body: bytes) -> Any:
    """The body as JSON past a byte-order mark (an empty one as ``{}``), or
    :data:`NOT_DECODED`."""
    try:
        return msgspec.json.decode(body.lstrip(b"\xef\xbb\xbf") or b"{}")
    except msgspec.DecodeError:
        return NOT_DECODED


def _stated(raw: Any, *fields: str) -> bool:
    """Whether the body's JSON object (``raw``, decoded; the body is already checked as a
    SizingRequest) names any of ``fields``; anything else reads as stated, the sizing as
    before."""
    return not isinstance(raw, dict) or any(f in raw for f in fields)
