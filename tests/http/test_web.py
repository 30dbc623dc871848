"""The web page is served by the service itself; CORS only when configured."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.api.routes.web import WEB_DIR
from service.app import create_app
from service.settings import Settings, SettingsError

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]


async def test_page_and_assets(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/?model=llama-3.1-8b&embed=1")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "x-frame-options" not in r.headers  # portals frame it
    assert 'src="static/app.js"' in r.text and 'href="static/style.css"' in r.text
    for path, kind in (("/static/app.js", "javascript"), ("/static/style.css", "text/css")):
        asset = await client.get(path)
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
    missing = await client.get("/static/nope.js")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"


async def test_page_routes_stay_out_of_the_schema(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    spec = (await client.get("/docs/openapi.json")).json()
    assert "/" not in spec["paths"]
    assert not any(p.startswith("/static") for p in spec["paths"])
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert set(committed["paths"]) == set(spec["paths"])


def test_every_input_has_a_label() -> None:
    import re

    html = (WEB_DIR / "index.html").read_text()
    ids = re.findall(r"<(?:input|select|textarea)\b[^>]*\bid=\"([^\"]+)\"", html)
    assert ids
    for i in ids:
        assert f'<label for="{i}"' in html, f"no <label for={i}>"


async def test_no_cors_headers_by_default(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    r = await client.get("/healthz", headers={"Origin": "https://portal.example"})
    assert "access-control-allow-origin" not in r.headers


async def test_cors_for_configured_origins(index_dir: Path) -> None:
    settings = Settings.from_env({"GPU_ADVISOR_CORS_ORIGINS":
                                  "https://portal.example, https://intranet.example/",
                                  "GPU_ADVISOR_INDEX_DIR": str(index_dir)})
    assert settings.cors_origin_list() == ["https://portal.example", "https://intranet.example"]
    app = create_app(settings, configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        r = await c.get("/v1/models", headers={"Origin": "https://intranet.example"})
        assert r.headers["access-control-allow-origin"] == "https://intranet.example"
        pre = await c.options("/v1/sizing", headers={
            "Origin": "https://portal.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"})
        assert pre.status_code == 204
        assert pre.headers["access-control-allow-origin"] == "https://portal.example"
        assert "POST" in pre.headers["access-control-allow-methods"]
        other = await c.get("/v1/models", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_cors_origins_must_be_origins() -> None:
    with pytest.raises(SettingsError, match="CORS_ORIGINS"):
        Settings.from_env({"GPU_ADVISOR_CORS_ORIGINS": "portal.example"})
    assert Settings.from_env({"GPU_ADVISOR_CORS_ORIGINS": "*"}).cors_origin_list() == ["*"]
