"""Audit buyer31c, the surfaces people read (Slack, the web page) and /v1/ask as an API:
1. ``numbers.sizing`` gave a 4 x RTX 3060 setup's 24.51 GiB beside single-GPU ``fits_on``;
   now /v1/sizing's numbers for that body (20.01 GiB).
2. Prices without their source: ``numbers.recommendations[].source``, Slack's offer lines and
   the web offers table now say it.
3. Lambda "in asia-northeast-1 +16 more" beside "Lambda does not say in which regions".
4. Two models "together" / "both" with no GPU asked "Which model?"; now their sum.
5. ``/gpu <question>`` and the web ask box named the API field max_time_to_first_token_ms; a
   second option's thin margin did not say which option it was.
6-9. English in Romanian output: "(GPU side)", a section cut after "Marjă mică:", /v1/ask's
   errors, "Failed to fetch".
10. The page's default context (8,192) was not the API's (4,096).
11. A signed JSON body on /slack/commands got the help text with a 200; now a 400.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import MAX_SECTION_CHARS, Message, sections
from service.app import create_app
from service.domain.fields import DEFAULT_CONTEXT_TOKENS
from service.domain.sizing.sizing import SizingRequest, size
from service.settings import Settings
from tests.unit.kb_fixtures import ask, catalog, head, kb
from tests.unit.slack_blocks import all_text

WEB = Path(__file__).resolve().parents[2] / "service" / "web"
SECRET = "8f742231b10e8888abcd99yyyzzz85a5"


def _slack(text: str) -> Message:
    from tests.unit.kb_fixtures import TODAY
    return run_command(parse_command(text), BotData(
        catalog=catalog(), today=TODAY, knowledge=kb(), public_url="https://gpu.example.com",
        messages=kb().messages))


def _section_texts(msg: Message) -> list[str]:
    return [b["text"]["text"] for b in msg["blocks"] if b.get("type") == "section"]


# -- 1 -----------------------------------------------------------------------------------------

def test_ask_sizing_is_the_sizing_of_its_fits_on() -> None:
    r = ask("cheapest GPU to serve llama 3.1 8b for 20 users, price per hour?")
    s = r.numbers.sizing if r.numbers else None
    assert s is not None and s.weights == "int8"
    own = size(SizingRequest(model="llama-3.1-8b", weights="int8", input_tokens=3584,
                             output_tokens=512, batch_size=20), catalog())
    assert s.total_gib == pytest.approx(round(own.memory.total_gib, 2))  # 20.01, not 24.51
    assert s.total_gib < 22.0  # what "1 × NVIDIA A10 24GB" holds
    assert "1 × NVIDIA A10 24GB" in s.fits_on


# -- 2 -----------------------------------------------------------------------------------------

def test_ask_offer_numbers_carry_their_source() -> None:
    r = ask("cheapest GPU to serve llama 3.1 8b for 20 users, price per hour?")
    assert r.numbers is not None and r.numbers.recommendations
    for o in r.numbers.recommendations:
        assert o.source == catalog().offers_by_id[o.offer_id].source


def test_slack_offer_lines_say_the_source() -> None:
    text = all_text(_slack("offers h100 at lambda"))
    assert "source:" in text
    rec = all_text(_slack("recommend llama 3.1 8b $2/h on h100 in europe"))
    assert "price date:" in rec and "source:" in rec
    ro = all_text(_slack("oferte h100 la lambda"))
    assert "sursa:" in ro


def test_web_offers_table_says_the_source() -> None:
    js = (WEB / "app.js").read_text()
    assert "t('priceSource'" in js and "o.offer.source" in js
    m = kb().messages
    assert "{source}" in m.section("en", "web")["priceSource"]
    assert "{source}" in m.section("ro", "web")["priceSource"]


# -- 3 -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "said"), [
    ("offers h100 at lambda", "where its machines are available is not stated"),
    ("oferte h100 la lambda", "nu spune în ce regiuni sunt disponibile"),
])
def test_lambda_regions_are_not_placed(text: str, said: str) -> None:
    out = all_text(_slack(text))
    assert "lambda" in out
    assert "+16 more" not in out and "și încă 16" not in out
    assert said in out


# -- 4 -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("q", "total", "part"), [
    ("how much VRAM for llama 3.1 8b and mistral 7b together?", "32.6 GiB", "17.0 GiB"),
    ("how much VRAM do both llama 3.1 8b and mistral 7b need?", "32.6 GiB", "17.0 GiB"),
    ("câtă VRAM pentru llama 3.1 8b și mistral 7b împreună?", "32,6 GiB", "17,0 GiB"),
])
def test_two_models_together_without_a_gpu_are_summed(q: str, total: str, part: str) -> None:
    r = ask(q)
    h = head(r)
    assert total in h and part in h
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "total_gib"
    assert r.numbers.asked.value == pytest.approx(32.6, abs=0.06)
    assert not r.follow_up or ("Which model" not in r.follow_up
                               and "Care model" not in r.follow_up)


# -- 5 -----------------------------------------------------------------------------------------

def test_slack_question_names_no_api_field_and_says_each_option() -> None:
    msg = _slack("how much does it cost per month to serve llama 3.1 70b for 50 users?")
    text = all_text(msg)
    assert "max_time_to_first_token_ms" not in text
    assert "First token within (ms)" in text
    r = ask("how much does it cost per month to serve llama 3.1 70b for 50 users?")
    assert "For 2 × NVIDIA H100 SXM5 80GB at hyperbolic: thin margin: time to first token " \
           "1,941 ms" in r.answer.replace("\xa0", " ")


def test_web_ask_box_words_the_field_as_the_page() -> None:
    js = (WEB / "app.js").read_text()
    assert "el('p', { text: pageWords(para) })" in js


# -- 6 -----------------------------------------------------------------------------------------

def test_romanian_slack_table_says_gpu_side_in_romanian() -> None:
    text = all_text(_slack("câtă VRAM pentru qwen 2.5 72b în fp8?"))
    assert "partea de GPU" in text
    assert "GPU side" not in text


def test_web_fits_table_gets_romanian_gpu_names(tmp_path: Path) -> None:
    js = (WEB / "app.js").read_text()
    assert "text: gpuName(f.gpu_name)" in js
    with TestClient(app=create_app(Settings(index_dir=tmp_path), configure_logs=False)) as c:
        names = c.get("/messages/ro.json").json()["gpuNames"]
    assert names["NVIDIA GH200 Grace Hopper 144GB HBM3e (GPU side)"] == \
        "NVIDIA GH200 Grace Hopper 144GB HBM3e (partea de GPU)"


# -- 7 -----------------------------------------------------------------------------------------

def test_sections_do_not_end_on_a_colon() -> None:
    text = "a" * (MAX_SECTION_CHARS - 20) + ". Marjă mică: primul token după 1.941 ms."
    parts = [b["text"]["text"] for b in sections(text)]
    assert len(parts) == 2 and parts[1].startswith("Marjă mică:")
    msg = _slack("cât costă pe lună să servesc llama 3.1 70b pentru 50 de utilizatori?")
    assert not any(t.rstrip().endswith(":") for t in _section_texts(msg))


# -- 8, 11: HTTP -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    settings = Settings(index_dir=index, slack_signing_secret=SECRET,
                        slack_bot_token="xoxb-test", slack_api_url="http://127.0.0.1:9/api/")
    with TestClient(app=create_app(settings, configure_logs=False)) as c:
        yield c


@pytest.mark.parametrize(("body", "headers", "said"), [
    ({"question": "", "lang": "ro"}, {}, "întrebarea este goală; scrieți o întrebare"),
    ({"question": "   ", "lang": "ro"}, {}, "întrebarea este goală: doar spații"),
    ({"question": "x" * 2400, "lang": "ro"}, {}, "mai mult de 2.000 de caractere"),
    ({"question": ""}, {"accept-language": "ro-RO,ro;q=0.9"}, "întrebarea este goală"),
])
def test_ask_errors_follow_lang(client: TestClient[Any], body: dict[str, Any],
                                headers: dict[str, str], said: str) -> None:
    r = client.post("/v1/ask", json=body, headers=headers)
    assert r.status_code == 400
    p = r.json()
    assert p["detail"].startswith("cerere invalidă: $.question: ")
    assert said in p["detail"] and said in p["errors"][0]["message"]


def test_ask_errors_stay_english_by_default(client: TestClient[Any]) -> None:
    r = client.post("/v1/ask", json={"question": ""})
    assert r.json()["detail"] == ("invalid request: $.question: the question is empty; write "
                                  "a question")


def _signed(body: bytes, kind: str) -> dict[str, str]:
    ts = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), b"v0:" + ts.encode() + b":" + body,
                           hashlib.sha256).hexdigest()
    return {"content-type": kind, "x-slack-request-timestamp": ts, "x-slack-signature": sig}


def test_slack_commands_refuse_a_json_body(client: TestClient[Any]) -> None:
    body = json.dumps({"type": "url_verification", "challenge": "abc123"}).encode()
    r = client.post("/slack/commands", content=body,
                    headers=_signed(body, "application/json"))
    assert r.status_code == 400
    assert r.json()["type"] == "/problems/malformed-slack-request"


# -- 9, 10: the page ---------------------------------------------------------------------------

def test_web_network_error_is_localised() -> None:
    js = (WEB / "app.js").read_text()
    assert "err.status === undefined" in js and "t('networkError')" in js
    m = kb().messages
    assert "Failed" not in m.section("ro", "web")["networkError"]
    assert m.section("ro", "web")["networkError"] != m.section("en", "web")["networkError"]


def test_web_default_context_is_the_api_default() -> None:
    html = (WEB / "index.html").read_text()
    assert f'id="context" name="context" type="number" inputmode="numeric" min="1" ' \
           f'max="10485760" step="1" value="{DEFAULT_CONTEXT_TOKENS}"' in html
    js = (WEB / "app.js").read_text()
    assert f"context: '{DEFAULT_CONTEXT_TOKENS}'" in js.split("var DEFAULTS", 1)[1][:200]
