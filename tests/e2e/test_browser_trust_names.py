"""The page sends an embedding model's own max input as its context (bge-large: 512 tokens;
its default 8,192 was sent), and no context for an image model, in a real browser."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_browser import _wait_results, _watch, browser  # noqa: F401

pytestmark = pytest.mark.e2e


def _recommendations(page: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    page.on("request", lambda req: sent.append(req.post_data_json)
            if req.method == "POST" and req.url.endswith("/v1/recommendations") else None)
    return sent


@pytest.mark.parametrize(("model", "context"), [("bge-large-en-v1.5", 512), ("sdxl", None)])
def test_the_page_sends_the_models_own_context(browser: Any, server: Server,  # noqa: F811
                                                model: str, context: int | None) -> None:
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    sent = _recommendations(page)
    page.goto(f"{server.url}/?model={model}&lang=en")
    _wait_results(page)
    assert sent, "no /v1/recommendations request"
    assert sent[-1].get("context_tokens") == context, sent[-1]
    assert "output_tokens" not in sent[-1], sent[-1]
    # was "context 8,192 tokens is over BAAI bge-large-en-v1.5 (embedding)'s max_context of 512"
    assert "max_context" not in page.locator("#results").inner_text()
    assert not errors, errors
    page.close()
