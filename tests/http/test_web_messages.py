"""The web page's texts come from the message files: ``GET /messages/<lang>.json``."""

from __future__ import annotations

import tomllib

import pytest
from litestar.testing import AsyncTestClient

from service.api.routes.web import PAGE_CSP
from service.paths import default_data_dir

pytestmark = pytest.mark.anyio
MESSAGES = default_data_dir("knowledge") / "messages"


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_the_page_json_equals_the_files(client: AsyncTestClient,  # type: ignore[type-arg]
                                              lang: str) -> None:
    r = await client.get(f"/messages/{lang}.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.headers["content-security-policy"] == PAGE_CSP
    assert r.headers["x-content-type-options"] == "nosniff"
    got = r.json()
    # beside the [web] texts, the GPU names the [catalog] table says in that language
    # (fix/surfaces, audit 31c #6: "(GPU side)" on the Romanian page)
    names = got.pop("gpuNames")
    assert isinstance(names, dict)
    if lang == "ro":
        assert any("(partea de GPU)" in v for v in names.values()), names
    with (MESSAGES / f"{lang}.toml").open("rb") as f:
        assert got == tomllib.load(f)["web"]


@pytest.mark.parametrize("path", ["/messages/xx.json", "/messages/en.toml", "/messages/en"])
async def test_unknown_messages_are_404(client: AsyncTestClient,  # type: ignore[type-arg]
                                        path: str) -> None:
    assert (await client.get(path)).status_code == 404


async def test_messages_stay_out_of_the_schema(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    spec = (await client.get("/docs/openapi.json")).json()
    assert not any(p.startswith("/messages") for p in spec["paths"])
