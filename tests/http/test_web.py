"""The web page is served by the service itself; CORS only when configured."""

from __future__ import annotations

import json
import re
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
    assert not any(p.startswith(("/static", "/docs")) for p in spec["paths"])
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert set(committed["paths"]) == set(spec["paths"])


def _csp(header: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        assert name not in directives, f"{name} twice"
        directives[name] = values
    return directives


@pytest.mark.parametrize("path", ["/?model=llama-3.1-8b&embed=1", "/static/app.js",
                                  "/static/style.css"])
async def test_page_security_headers(client: AsyncTestClient, path: str) -> None:  # type: ignore[type-arg]
    r = await client.get(path)
    assert r.status_code == 200
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert "x-frame-options" not in r.headers  # portals frame it; frame-ancestors says who
    csp = _csp(r.headers["content-security-policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]  # no inline script, no eval, no other host
    assert csp["style-src"] == ["'self'"]
    assert csp["connect-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["frame-ancestors"] == ["*"]


def test_page_needs_no_inline_script_or_style() -> None:
    """What the CSP above forbids: the browser test catches what this misses."""
    html = (WEB_DIR / "index.html").read_text()
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="' in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=|javascript:", html, re.I)
    js = (WEB_DIR / "app.js").read_text()
    assert not re.search(r"['\"]?\bstyle['\"]?\s*:|setAttribute\(\s*['\"](?:style|on)|"
                         r"innerHTML|outerHTML|insertAdjacentHTML|\beval\(|new Function|"
                         r"javascript:", js)


async def test_api_responses_say_nosniff(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for path in ("/healthz", "/v1/models", "/docs/openapi.json"):
        r = await client.get(path)
        assert r.status_code == 200
        assert r.headers["x-content-type-options"] == "nosniff", path


async def test_docs_load_swagger_ui_from_the_service(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for page in ("/docs", "/docs/swagger"):
        r = await client.get(page)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        head = r.text.split("</head>")[0]
        urls = re.findall(r"<(?:script|link)\b[^>]*\b(?:src|href)=['\"]([^'\"]+)['\"]", head)
        assert not re.search(r"(?:https?:)?//", head), "the docs page names another host"
        assert sorted(urls) == ["/docs/static/favicon-32x32.png",
                                "/docs/static/swagger-ui-bundle.js",
                                "/docs/static/swagger-ui-standalone-preset.js",
                                "/docs/static/swagger-ui.css"]
    kinds = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}
    for url in urls:
        asset = await client.get(url)
        assert asset.status_code == 200, url
        assert asset.headers["content-type"].startswith(kinds[Path(url).suffix]), url
        assert asset.headers["x-content-type-options"] == "nosniff"
        assert asset.headers["content-disposition"].startswith("inline")
        assert len(asset.content) > 500, url
        if url.endswith(".js"):
            assert "SwaggerUI" in asset.text
    # only what the page loads: not the rest of the package, nothing outside it
    for other in ("swagger-editor-bundle.js", "swagger-initializer.js", "swagger-ui.css.map",
                  "..%2F__init__.py", "..%2F..%2Fswagger_ui%2F__init__.py"):
        assert (await client.get(f"/docs/static/{other}")).status_code == 404, other


def test_every_input_has_a_label() -> None:
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
