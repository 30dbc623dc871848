"""The web page in a real browser (Debian's Chromium, driven by Playwright) against the real
server process: the form, the charts, the offers table, shared links, ?embed=1 and the
question box. Screenshots go to test-artifacts/ at the repository root."""

from __future__ import annotations

import re
import tempfile
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.e2e.conftest import Server

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000

# What the page sends for "Llama 3.1 70B, serving, 32k context, 8 concurrent, 24 h/day"
# (app.js: recommendationBody / sizingBody).
CONTEXT, CONCURRENCY, OUTPUT = 32768, 8, 512


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: the browser tests need Debian's Chromium; run "
                    "`make browser` (apt-get install -y chromium). CI installs it.")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gpu-advisor-chromium-") as profile, \
            sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), args=ARGS, headless=True,
            viewport={"width": 1360, "height": 1000}, locale="en-US")
        context.set_default_timeout(TIMEOUT_MS)
        yield context
        context.close()


@pytest.fixture(scope="module")
def api_numbers(server: Server) -> dict[str, Any]:
    """The same requests the page makes, straight to the API."""
    rec = httpx.post(f"{server.url}/v1/recommendations", timeout=60, json={
        "model": "llama-3.1-70b", "workload": "serving", "weights": "auto",
        "context_tokens": CONTEXT, "concurrent_requests": CONCURRENCY, "output_tokens": OUTPUT,
        "top_n": 10, "hours_per_day": 24}).json()
    top = rec["options"][0]
    # at the top option's layout (app.js: optionLayout), as the page sizes it
    fit, nodes = top["fit"], top["nodes"]
    m = re.search(r"pipeline (\d+)", fit["parallelism"])
    pipeline = int(m.group(1)) if m else 1
    layout = {"tensor": fit["gpus_per_replica"] // pipeline, "pipeline": pipeline,
              "data": fit["replicas_per_node"] * nodes}
    sizing = httpx.post(f"{server.url}/v1/sizing", timeout=60, json={
        "model": "llama-3.1-70b", "task": "inference", "input_tokens": CONTEXT - OUTPUT,
        "output_tokens": OUTPUT, "batch_size": CONCURRENCY, "weights": top["weights"],
        "gpu": top["offer"]["gpu"], "parallelism": layout,
        "gpu_count": fit["gpus_per_replica"] * fit["replicas_per_node"] * nodes}).json()
    return {"rec": rec, "sizing": sizing}


# Every page records the Content-Security-Policy violations it sees (the page's CSP forbids
# inline script and style attributes: service/api/routes/web.py); the tests want none.
CSP_WATCH = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') +
                              ' at ' + e.sourceFile + ':' + e.lineNumber);
});"""


def _watch(page: Any, errors: list[str]) -> None:
    """Script errors, CSP reports on the console and CSP violation events go to ``errors``."""
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text else None)
    page.add_init_script(CSP_WATCH)


def _csp_violations(page: Any) -> list[str]:
    found: list[str] = []
    for frame in page.frames:
        found += frame.evaluate("window.__cspViolations || []")
    return found


def _number(text: str) -> float:
    m = re.search(r"-?[\d,]+(?:\.\d+)?", text)
    assert m, f"no number in {text!r}"
    return float(m.group(0).replace(",", ""))


def _wait_results(page: Any) -> None:
    page.wait_for_selector("#memory-chart svg rect[data-part]", state="attached")
    page.wait_for_selector("#offers-table tbody tr", state="attached")
    # selectors, not wait_for_function: a polled string predicate is an eval, which the page's
    # CSP (no 'unsafe-eval') refuses
    page.wait_for_selector("#results[aria-busy='false']", state="attached")


def _check_results(page: Any, api: dict[str, Any]) -> None:
    rec, sizing = api["rec"], api["sizing"]
    total = page.locator("#total-gib").inner_text()
    assert abs(_number(total) - sizing["memory"]["total_gib"]) <= 0.051, total
    assert total == f"{sizing['memory']['total_gib']:.1f} GiB"
    rows = page.locator("#offers-table tbody tr")
    assert rows.count() == len(rec["options"]) >= 3
    first = rec["options"][0]
    assert rows.nth(0).get_attribute("data-offer-id") == first["offer"]["id"]
    month = rows.nth(0).locator("td.per-month").inner_text()
    assert _number(month) == round(first["cost"]["per_month_usd"]), month
    hour = rows.nth(0).locator("td.per-hour").inner_text()
    assert _number(hour) == round(first["cost"]["per_hour_usd"], 2), hour
    shown = rows.nth(0).locator("td.as-of").inner_text()
    assert first["offer"]["as_of"] in shown
    # an assumed date is shown as a bound, never as a plain date; no row is stale or suspect
    for i, o in enumerate(rec["options"]):
        assert not o["offer"]["stale"] and not o["offer"]["suspect_reasons"]
        if o["offer"]["as_of_kind"] == "assumed":
            assert "date unknown; no later than" in rows.nth(i).locator("td.as-of").inner_text()
    # the memory chart: one segment per non-empty component, against the top GPU's memory
    parts = page.locator("#memory-chart svg rect[data-part]")
    expected = [k for k in ("weights_gib", "kv_cache_gib", "activations_gib", "gradients_gib",
                            "optimizer_gib", "overhead_gib")
                if (sizing["memory"]["per_gpu"][k] or 0) > 0]
    assert [parts.nth(i).get_attribute("data-part") for i in range(parts.count())] == expected
    assert sizing["gpu"]["name"] in page.locator("#memory-chart svg").inner_html()
    assert page.locator("#memory-chart svg > title").text_content()
    assert page.locator("#memory-chart svg > desc").text_content()
    # fits_on: same GPUs in the same order, with how many
    fit_rows = page.locator("#fits-table tbody tr")
    assert fit_rows.count() == len(sizing["fits_on"])
    assert fit_rows.nth(0).get_attribute("data-gpu") == sizing["fits_on"][0]["gpu"]
    # the scatter: one point per offer
    points = page.locator("#scatter-chart svg g.point")
    assert points.count() == len(rec["options"])


def test_form_charts_offers_shared_link_and_embed(browser: Any, server: Server,
                                                  api_numbers: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    # nothing the page loads is missing (the browser asked for /favicon.ico: a 404 on the
    # console of every visit)
    page.on("response", lambda r: errors.append(f"404 {r.url}") if r.status == 404 else None)
    page.goto(f"{server.url}/?lang=en")
    # the datalist is filled from /v1/models
    page.wait_for_selector("#model-list option:nth-child(11)", state="attached")
    page.fill("#model", "Llama 3.1 70B")
    page.select_option("#workload", "serving")
    page.select_option("#weights", "auto")
    page.fill("#context", str(CONTEXT))
    page.fill("#concurrency", str(CONCURRENCY))
    page.fill("#hours", "24")
    page.fill("#budget", "")
    page.click("#submit")
    _wait_results(page)
    _check_results(page, api_numbers)
    page.screenshot(path=str(ARTIFACTS / "web-llama-3.1-70b-serving-32k.png"), full_page=True)

    # the URL carries the state
    shared = page.evaluate("location.href")
    q = parse_qs(urlparse(shared).query)
    assert q["model"] == ["llama-3.1-70b"]
    assert q["workload"] == ["serving"] and q["context"] == [str(CONTEXT)]
    assert q["concurrency"] == [str(CONCURRENCY)] and q["lang"] == ["en"]

    # a shared link, opened fresh, fills the form and shows the same results
    other = browser.new_page()
    _watch(other, errors)
    other.goto(shared)
    _wait_results(other)
    assert other.input_value("#context") == str(CONTEXT)
    assert other.input_value("#model") == "Meta Llama 3.1 70B"
    _check_results(other, api_numbers)
    assert other.locator("#site-header").is_visible()
    errors += _csp_violations(other)
    other.close()

    # ?embed=1: compact, no header or footer, same results
    embed = browser.new_page()
    embed.set_viewport_size({"width": 900, "height": 900})
    _watch(embed, errors)
    embed.goto(f"{server.url}/?embed=1&model=llama-3.1-8b&lang=en")
    embed.wait_for_selector("#offers-table tbody tr", state="attached")
    assert not embed.locator("#site-header").is_visible()
    assert not embed.locator("#site-footer").is_visible()
    assert embed.locator("#offers-table").is_visible()
    embed.screenshot(path=str(ARTIFACTS / "web-embed-llama-3.1-8b.png"), full_page=True)
    errors += _csp_violations(embed)
    embed.close()
    errors += _csp_violations(page)
    page.close()
    assert errors == []


def test_offers_table_on_a_390px_phone(browser: Any, server: Server) -> None:
    """On a 390 px screen the offers stack as cards: nothing scrolls sideways, every price is
    on screen beside its column's name, and each option's warnings are shown."""
    errors: list[str] = []
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    _watch(page, errors)
    page.goto(f"{server.url}/?model=llama-3.1-70b&context=32768&concurrency=8&lang=en")
    _wait_results(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    wide = page.evaluate("""Array.from(document.querySelectorAll('body *')).filter(
        e => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null)
        .slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px: {wide}"
    rows = page.locator("#offers-table tbody tr")
    assert rows.count() >= 3
    for i in range(min(3, rows.count())):
        price = rows.nth(i).locator("td.per-hour")
        box = price.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert price.get_attribute("data-label") == "$/hour"
        assert "$" in price.inner_text()
    assert page.locator("#offers-table ul.warnings li").count() > 0
    page.screenshot(path=str(ARTIFACTS / "web-390px.png"), full_page=True)
    errors += _csp_violations(page)
    page.close()
    assert errors == []


@pytest.fixture
def portal(server: Server) -> Iterator[str]:
    """Another origin (another port; a loopback one, so Chromium's local network access
    checks let it frame the server) whose page frames ?embed=1 as the README shows."""
    body = (f'<!doctype html><title>portal</title><iframe src="{server.url}/?embed=1'
            '&model=llama-3.1-8b&lang=en" title="GPU advisor" width="900" height="900">'
            '</iframe>').encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_embedded_in_another_sites_iframe(browser: Any, portal: str) -> None:
    """A portal on another origin frames ?embed=1: the CSP's frame-ancestors lets it, and the
    framed page works under the CSP."""
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    page.goto(portal)
    frame = page.frame_locator("iframe")
    frame.locator("#offers-table tbody tr").first.wait_for(state="attached")
    assert frame.locator("#offers-table").is_visible()
    assert not frame.locator("#site-header").is_visible()
    errors += _csp_violations(page)
    page.close()
    assert errors == []


def test_api_docs_use_the_packaged_swagger_ui(browser: Any, server: Server) -> None:
    """/docs renders with the Swagger UI files the service serves, asking no other host."""
    requested: list[str] = []
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda req: requested.append(req.url))
    page.goto(f"{server.url}/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "gpu-advisor" in page.locator(".swagger-ui .info .title").inner_text()
    page.wait_for_selector(".swagger-ui .opblock")
    page.close()
    assert errors == []
    assert requested and all(u.startswith(server.url + "/") for u in requested), requested


def test_romanian_ui_and_question_box(browser: Any, server: Server) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    question = "cât VRAM îmi trebuie pentru llama 3 70b la 4 biți?"
    page.goto(f"{server.url}/?lang=ro&q={httpx.QueryParams({'q': question})['q']}")
    # the texts are fetched at start (messages/<lang>.json); html lang is set once applied
    page.wait_for_selector("html[lang='ro']", state="attached")
    assert page.locator("label[for=model]").inner_text() == "Model"
    assert page.locator("label[for=context]").inner_text() == "Context (tokeni)"
    assert page.locator("#submit").inner_text() == "Recomandă"
    page.wait_for_selector("#ask-result .answer p")
    api = httpx.post(f"{server.url}/v1/ask", json={"question": question, "lang": "auto",
                                                   "top_k": 3}, timeout=60).json()
    shown = page.locator("#ask-result .answer").inner_text()
    assert api["answer"].split("\n")[0].strip() in shown
    titles = page.locator("#ask-result .passages li strong").all_inner_texts()
    assert titles == [p["title"] for p in api["passages"]]
    page.screenshot(path=str(ARTIFACTS / "web-ask-ro.png"), full_page=True)
    # every form control has a label; switching the language re-labels the page
    unlabeled = page.evaluate("""Array.from(document.querySelectorAll('input, select, textarea'))
        .filter(e => !e.labels || e.labels.length === 0).map(e => e.id)""")
    assert unlabeled == []
    page.select_option("#lang", "en")
    assert page.locator("#submit").inner_text() == "Recommend"
    assert "lang=en" in page.evaluate("location.href")
    errors += _csp_violations(page)
    page.close()
    assert errors == []


def _asks(page: Any) -> list[dict[str, Any]]:
    """The bodies of the page's POSTs to /v1/ask, in order (filled as the page sends them)."""
    sent: list[dict[str, Any]] = []
    page.on("request", lambda req: sent.append(req.post_data_json)
            if req.method == "POST" and req.url.endswith("/v1/ask") else None)
    return sent


def _api_ask(server: Server, question: str, lang: str = "auto",
             context: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"question": question, "lang": lang, "top_k": 3}
    if context:
        body["context"] = context
    r = httpx.post(f"{server.url}/v1/ask", json=body, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _ask_and_wait(page: Any, question: str) -> None:
    page.fill("#q", question)
    page.click("#ask-submit")
    page.wait_for_selector("#ask-result[aria-busy='false'] .answer p", state="attached")


def test_ask_box_answers_the_question_not_the_form(browser: Any, server: Server) -> None:
    """The form says Llama 3.1 70B at 16,384 tokens for 8 users; a question about SDXL is
    answered about SDXL from the question alone (what /v1/ask says with no context), and a
    question that names no model takes the form's model, and says so."""
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    sent = _asks(page)
    page.goto(f"{server.url}/?model=llama-3.1-70b&context=16384&concurrency=8&lang=en")
    _wait_results(page)

    question = "How much VRAM does SDXL need?"
    _ask_and_wait(page, question)
    assert [b.get("context") for b in sent] == [None]
    api = _api_ask(server, question)
    assert api["extracted"]["model"] == "sdxl"
    shown = page.locator("#ask-result .answer").inner_text()
    assert shown.split("\n")[0].strip() == api["answer"].split("\n")[0].strip()
    assert "Stable Diffusion XL" in shown
    assert "Llama" not in shown and "16,384" not in shown and "8 x" not in shown
    assert "tokens of context" not in shown  # an image model is not sized in tokens
    assert page.locator("#ask-result .applied").count() == 0
    page.screenshot(path=str(ARTIFACTS / "web-ask-sdxl-form-llama.png"), full_page=True)

    # no model in the question: the form's model fills the gap, and the page names what it used
    sent.clear()
    other = "How much does it cost per month to serve it?"
    _ask_and_wait(page, other)
    assert len(sent) == 2 and sent[0].get("context") is None
    ctx = sent[1]["context"]
    assert ctx["model"] == "llama-3.1-70b" and ctx["context_tokens"] == 16384
    assert ctx["concurrent_requests"] == 8
    assert "workload" not in ctx  # "to serve it" says the workload itself
    applied = page.locator("#ask-result .applied").inner_text()
    assert "Meta Llama 3.1 70B" in applied and "16,384" in applied and "Concurrency: 8" in applied
    assert "Workload" not in applied
    assert page.locator("#ask-result .answer").inner_text().split("\n")[0].strip() == \
        _api_ask(server, other, "en", ctx)["answer"].split("\n")[0].strip()

    # off topic: still "I don't know", the form's model is not pushed onto it
    sent.clear()
    _ask_and_wait(page, "What is the weather in Paris tomorrow?")
    assert len(sent) == 1
    assert page.locator("#ask-result .applied").count() == 0
    errors += _csp_violations(page)
    page.close()
    assert errors == []


def test_language_switch_re_renders_the_answer(browser: Any, server: Server) -> None:
    """An English answer, then the switch to Romanian: the same question answered again in
    Romanian (what /v1/ask says with lang=ro), the form's values named in Romanian; back to
    English: English again."""
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    sent = _asks(page)
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector("html[lang='en']", state="attached")
    question = "How much VRAM does SDXL need?"
    _ask_and_wait(page, question)
    assert page.locator("#ask-result .answer").get_attribute("lang") == "en"
    english = page.locator("#ask-result .answer").inner_text()

    page.select_option("#lang", "ro")
    page.wait_for_selector("#ask-result[aria-busy='false'] .answer[lang='ro'] p",
                           state="attached")
    assert sent[-1]["lang"] == "ro" and sent[-1]["question"] == question
    ro = _api_ask(server, question, "ro")
    shown = page.locator("#ask-result .answer").inner_text()
    assert shown != english
    assert shown.split("\n")[0].strip() == ro["answer"].split("\n")[0].strip()
    assert page.locator("#ask-result h3").inner_text() == "Surse din ghidul nostru"
    page.screenshot(path=str(ARTIFACTS / "web-ask-switched-ro.png"), full_page=True)

    page.select_option("#lang", "en")
    page.wait_for_selector("#ask-result[aria-busy='false'] .answer[lang='en'] p",
                           state="attached")
    assert page.locator("#ask-result .answer").inner_text() == english

    # with a form value applied, the note follows the language too
    page.goto(f"{server.url}/?model=llama-3.1-8b&context=32768&lang=en")
    _wait_results(page)
    _ask_and_wait(page, "How much does it cost per month to serve it?")
    assert "Context (tokens): 32,768" in page.locator("#ask-result .applied").inner_text()
    page.select_option("#lang", "ro")
    page.wait_for_selector("#ask-result[aria-busy='false'] .answer[lang='ro'] p",
                           state="attached")
    applied = page.locator("#ask-result .applied").inner_text()
    assert "din formular" in applied and "Context (tokeni): 32.768" in applied
    assert sent[-1]["lang"] == "ro" and sent[-1]["context"]["model"] == "llama-3.1-8b"
    errors += _csp_violations(page)
    page.close()
    assert errors == []


def test_unknown_model_suggestions_shown_once(browser: Any, server: Server) -> None:
    """An unknown model in the form: the suggestions once, in the page's language (the API's
    detail names them too)."""
    errors: list[str] = []
    page = browser.new_page()
    _watch(page, errors)
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector("#model-list option:nth-child(11)", state="attached")
    page.fill("#model", "lama 70")
    page.click("#submit")
    page.wait_for_selector("#error:not([hidden])", state="attached")
    problem = httpx.post(f"{server.url}/v1/recommendations", timeout=60,
                         json={"model": "lama 70"}).json()
    text = page.locator("#error").inner_text()
    assert problem["suggestions"], problem
    assert text.lower().count("did you mean") == 1, text
    for name in problem["suggestions"]:
        assert text.count(name) == 1, text
    page.select_option("#lang", "ro")
    page.click("#submit")
    page.wait_for_selector("#error:not([hidden])", state="attached")
    text = page.locator("#error").inner_text()
    assert text.count("Poate ați vrut") == 1 and "did you mean" not in text.lower(), text
    errors += _csp_violations(page)
    page.close()
    assert errors == []
