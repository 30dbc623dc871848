"""/v1/offers' query values and inputs accepted without a word (audit buyer26c #9, #10, #11).

9. ``sort=PRICE`` and ``interconnect=NVLink`` (the providers' spelling) were 400s "Invalid enum
   value", while ``gpu``, ``provider`` and ``region`` take any case; now every set-of-words
   query value is read in any case (``/v1/models?kind=LLM`` too). ``limit=1.5`` said
   "Expected `int`, got `str`" (every query value is text): now "expected a whole number
   (`int`), got '1.5'". A body number beyond 64 bits (``"job_images": 1e400``) was a
   ``bad-request`` "Number out of range - at `$[...]`": now a ``validation-error`` at
   ``$.job_images``.
10. An unknown ``gpu``, ``provider``, ``exclude_provider`` or ``region`` of /v1/offers was a 404
    with no field path, where the same value in a /v1/recommendations body is a 400 at its
    path: now the same 400 ``/problems/unknown-<kind>`` at the parameter (``$.gpu``), the
    suggestions kept. A path lookup (``/v1/gpus/{id}``) stays a 404.
11. ``"model": "sdxl🔥"`` was sized as SDXL with no word that the name was cleaned up, and
    ``images_per_request`` on SDXL (or Whisper) was ignored without the warning the README
    promises; both warn now, the recommendations' options too, in English and Romanian."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.adapters.messages_files import shipped_messages
from service.app import create_app
from service.domain.answer.core_warnings import localise
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from service.settings import Settings
from tests.unit.ask_fixtures import TODAY, catalog


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def _size(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


# -- 9: query words in any case, type messages that say what is wrong -------------------------

@pytest.mark.parametrize(("query", "lower"), [
    ({"sort": "PRICE"}, {"sort": "price"}),
    ({"sort": "Price_Per_GPU"}, {"sort": "price_per_gpu"}),
    ({"interconnect": "NVLink"}, {"interconnect": "nvlink"}),
    ({"interconnect": "NVSwitch", "sort": "PRICE_PER_GIB"},
     {"interconnect": "nvswitch", "sort": "price_per_gib"}),
])
def test_sort_and_interconnect_take_any_case(client: TestClient[Any], query: dict[str, str],
                                             lower: dict[str, str]) -> None:
    got = client.get("/v1/offers", params={**query, "limit": 500})
    want = client.get("/v1/offers", params={**lower, "limit": 500})
    assert got.status_code == want.status_code == 200, got.text
    assert got.json()["total"] == want.json()["total"] > 0
    assert got.json()["sort"] == lower.get("sort", "price")
    assert [o["id"] for o in got.json()["offers"]] == [o["id"] for o in want.json()["offers"]]


def test_models_kind_takes_any_case(client: TestClient[Any]) -> None:
    got = client.get("/v1/models", params={"kind": "LLM", "task": "Generate"})
    want = client.get("/v1/models", params={"kind": "llm", "task": "generate"})
    assert got.status_code == 200 and got.json() == want.json()


def test_a_word_out_of_the_set_still_lists_the_words(client: TestClient[Any]) -> None:
    r = client.get("/v1/offers", params={"sort": "cheapest"})
    assert r.status_code == 400
    [e] = r.json()["errors"]
    assert e["path"] == "$.sort" and "'price_per_gpu'" in e["message"]


@pytest.mark.parametrize(("query", "path", "message"), [
    ({"limit": "1.5"}, "$.limit", "expected a whole number (`int`), got '1.5'"),
    ({"min_gpus": "two"}, "$.min_gpus", "expected a whole number (`int`), got 'two'"),
    ({"max_price_per_hour": "cheap"}, "$.max_price_per_hour",
     "expected a number (`float`), got 'cheap'"),
])
def test_a_query_value_of_the_wrong_type_says_what_it_takes(
        client: TestClient[Any], query: dict[str, str], path: str, message: str) -> None:
    r = client.get("/v1/offers", params=query)
    assert r.status_code == 400
    assert r.json()["errors"] == [{"path": path, "message": message}]
    assert "got `str`" not in r.json()["detail"]


@pytest.mark.parametrize(("route", "raw", "path"), [
    ("/v1/recommendations",
     b'{"model": "sdxl", "workload": "batch", "job_images": 1e400}', "$.job_images"),
    ("/v1/sizing", b'{"model": "llama-3-8b", "gpu": "h100", "batch_size": 1e400}',
     "$.batch_size"),
    ("/v1/recommendations", b'{"model": "llama-3-8b", "workload": "serving", '
     b'"gpus": ["h100"], "max_usd_per_month": -1e999}', "$.max_usd_per_month"),
])
def test_a_number_out_of_range_is_named_at_its_field(client: TestClient[Any], route: str,
                                                     raw: bytes, path: str) -> None:
    r = client.post(route, content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400
    body = r.json()
    assert body["type"] == "/problems/validation-error"
    [e] = body["errors"]
    assert e["path"] == path and "out of range" in e["message"]
    assert path in body["detail"]


def test_a_number_in_range_is_not_blamed(client: TestClient[Any]) -> None:
    r = client.post("/v1/sizing", json={"model": "llama-3-8b", "gpu": "h100",
                                        "batch_size": 2**70})
    # a long integer msgspec reads is judged by the field's bounds, as before
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == "$.batch_size"
    ok = client.post("/v1/sizing", json={"model": "llama-3-8b", "gpu": "h100", "batch_size": 4})
    assert ok.status_code == 200


# -- 10: an unknown filter value is a 400 at the parameter --------------------------------

@pytest.mark.parametrize(("query", "kind", "path", "suggested"), [
    ({"gpu": "h100x"}, "gpu", "$.gpu", "h100-sxm"),
    ({"region": "mars"}, "region", "$.region", "europe"),
    ({"provider": "runpd"}, "provider", "$.provider", "runpod"),
    ({"provider": "aws,runpd"}, "provider", "$.provider", "runpod"),
    ({"exclude_provider": "runpd"}, "provider", "$.exclude_provider", "runpod"),
])
def test_an_unknown_filter_value_is_a_400_at_its_parameter(
        client: TestClient[Any], query: dict[str, str], kind: str, path: str,
        suggested: str) -> None:
    r = client.get("/v1/offers", params=query)
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["type"] == f"/problems/unknown-{kind}"
    assert [e["path"] for e in body["errors"]] == [path]
    assert suggested in body["suggestions"]


def test_the_query_and_the_body_answer_an_unknown_gpu_alike(client: TestClient[Any]) -> None:
    q = client.get("/v1/offers", params={"gpu": "h1000"}).json()
    b = client.post("/v1/recommendations", json={
        "model": "llama-3-8b", "workload": "serving", "gpus": ["h1000"]}).json()
    assert q["status"] == b["status"] == 400
    assert q["type"] == b["type"] == "/problems/unknown-gpu"
    assert q["suggestions"] == b["suggestions"]


def test_a_path_lookup_stays_a_404(client: TestClient[Any]) -> None:
    assert client.get("/v1/gpus/h1000").status_code == 404
    assert client.get("/v1/offers/no-such-offer").status_code == 404


# -- 11: what was read or ignored is said ---------------------------------------------------

def test_a_name_cleaned_of_stray_characters_is_said() -> None:
    plain, odd = _size(model="sdxl", gpu="h100"), _size(model="sdxl🔥", gpu="h100")
    assert odd.model.id == plain.model.id == "sdxl"
    assert plain.warnings == [w for w in odd.warnings if "🔥" not in w]
    [said] = [w for w in odd.warnings if "🔥" in w]
    assert said.startswith(f"model name 'sdxl🔥' read as {plain.model.name}")
    gpu = _size(model="sdxl", gpu="h100\u200b")
    assert gpu.gpu is not None and gpu.gpu.id == "h100-sxm"
    assert any(w.startswith("gpu name") and gpu.gpu.name in w for w in gpu.warnings)
    # a plain alias is read without a word, as before
    assert _size(model="Llama 3 8B", gpu="H100").warnings == _size(
        model="llama-3-8b", gpu="h100-sxm").warnings


@pytest.mark.parametrize(("model", "words"), [
    ("sdxl", "diffusion models"), ("whisper-large-v3", "audio models")])
def test_images_per_request_on_a_model_without_images_is_warned(model: str,
                                                                words: str) -> None:
    plain = _size(model=model, gpu="h100")
    asked = _size(model=model, gpu="h100", images_per_request=2)
    [new] = [w for w in asked.warnings if w not in plain.warnings]
    assert new.startswith("images_per_request ignored") and words in new
    assert asked.memory == plain.memory  # still ignored: nothing else moves


def _options(model: str, images: int | None) -> list[Any]:
    body: dict[str, Any] = {"model": model, "workload": "serving", "gpus": ["h100"]}
    if images is not None:
        body["images_per_request"] = images
    req = msgspec.convert(body, RecommendationRequest)
    return recommend(req, catalog(), TODAY).options


def test_the_recommendations_warn_too_in_both_languages() -> None:
    plain, asked = _options("sdxl", None), _options("sdxl", 3)
    assert plain and asked
    [new] = [w for w in asked[0].warnings if w not in plain[0].warnings]
    assert new.startswith("images_per_request ignored: it applies to vision language models")
    m = shipped_messages()
    ro = localise(new, m.section("ro", "answer"), m.formatter("ro"), m.section("ro", "pricing"))
    assert ro.startswith("images_per_request ignorat") and "difuzie" in ro
    assert catalog().registry.models["sdxl"].name in ro
    en = localise(new, m.section("en", "answer"), m.formatter("en"), m.section("en", "pricing"))
    assert en == new
