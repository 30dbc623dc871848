"""Schemathesis against the committed openapi/openapi.json and the real server: every
operation, generated valid and invalid inputs; no 5xx, and every response (status code,
content type, body) matches what the spec documents. The budget is bounded (MAX_EXAMPLES per
operation) so that it stays well under two minutes on a 2-core machine.

One check is left out for six operations only: "positive data acceptance" (a schema-valid
body must not get a 4xx) on POST /v1/sizing and POST /v1/recommendations, whose `hf_config` is
a pasted Hugging Face config.json (free-form; which `model_type`s and fields sizing can use is a
content rule) and whose token limits are cross-field (`input_tokens + output_tokens`,
`output_tokens < context_tokens`): JSON Schema cannot state those, and the server answers them
with a documented 400/422 problem. The same holds for the listings GET /v1/offers, /v1/gpus
and /v1/models: a filter value is checked against the loaded catalog's own values (a family,
vendor, link or modality the catalog does not have is a 400 listing those it has: data, not
schema) and their minimum/maximum pairs are cross-field (min_gpus <= max_gpus). POST /v1/ask
likewise: its `context` names a model, GPU and precision that must be the catalog's (an unknown
one is a 400 at `$.context.<field>` since body values stopped being 404s). Every other
rule msgspec enforces is in the spec (zero bounds, unknown fields, exactly one of
model/architecture/hf_config, a non-blank question).

The admin reload is fuzzed with an admin key configured (without one it answers 404 by design,
documented in its responses)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import Case
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.e2e.conftest import Server, start_server, stop_server

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
MAX_EXAMPLES = 25
ADMIN_KEY = "fuzz-admin-key-0123456789"
CONTENT_RULES = {"/v1/sizing", "/v1/recommendations", "/v1/ask", "/v1/offers", "/v1/gpus",
                 "/v1/models"}

schema = schemathesis.openapi.from_path(SPEC)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = start_server(tmp_path_factory.mktemp("fuzz") / "stdout.log",
                     {"GPU_ADVISOR_ADMIN_KEY": ADMIN_KEY})
    yield s
    stop_server(s)


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_matches_the_spec(case: Case, fuzz_server: Server) -> None:
    excluded = [positive_data_acceptance] if case.path in CONTENT_RULES else []
    response = case.call_and_validate(base_url=fuzz_server.url, timeout=30,
                                      excluded_checks=excluded)
    assert response.status_code < 500, response.text


def test_every_registry_entry_matches_its_response_schema(fuzz_server: Server) -> None:
    """Random ids mostly reach 404s: here every model and GPU the registry holds is fetched
    and its answer validated against the spec (a diffusion model's component architecture once
    matched two ``oneOf`` branches), and sizing for one model of each kind."""
    import httpx

    with httpx.Client(base_url=fuzz_server.url, timeout=30) as client:
        models = client.get("/v1/models")
        schema["/v1/models"]["GET"].validate_response(models)
        gpus = client.get("/v1/gpus")
        schema["/v1/gpus"]["GET"].validate_response(gpus)
        kinds: dict[str, str] = {}
        for m in models.json()["models"]:
            schema["/v1/models/{model_id}"]["GET"].validate_response(
                client.get(f"/v1/models/{m['id']}"))
            kinds.setdefault(m["kind"], m["id"])
        for g in gpus.json()["gpus"]:
            schema["/v1/gpus/{gpu_id}"]["GET"].validate_response(
                client.get(f"/v1/gpus/{g['id']}"))
        assert len(kinds) >= 3
        for model_id in kinds.values():
            r = client.post("/v1/sizing", json={"model": model_id, "gpu": "H100 SXM"})
            assert r.status_code == 200, r.text
            schema["/v1/sizing"]["POST"].validate_response(r)
