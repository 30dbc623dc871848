"""Audit buyer27b, the integration surfaces (Slack, the web page, /v1/ask for another service).

1. ``/gpu size llama 3.1 70b fp8 on 2xh100`` said "*73.4 GiB* — fits on 1 x NVIDIA H100 SXM5
   80GB (~30 tok/s)": the two-GPU total beside the one-GPU row and its speed. Now the setup
   asked: "fits on 2 x NVIDIA H100 SXM5 80GB (~52 decode tok/s)" (/v1/ask: 51.5 tokens/s for
   one request on 2 x H100), EN and RO.
2. Signed Slack requests shared the per-address rate limit (Slack's few egress addresses):
   a busy workspace got 429 problem+json. Now a verified request counts per workspace
   (``team_id``) and over it gets a 200 saying so; an unsigned one still counts per address.
3. Slack and the page named a time-to-first-token setting the page did not have. The page
   now has the field ("First token within (ms)", ``ttft`` in the link, sent as
   ``max_time_to_first_token_ms``); Slack names it, and the page's warnings name it.
4. Slack said Hyperbolic's offers were "in default"; now "(region unknown)", the page's words.
5. "~37 tok/s per user" (prefills interleaved) against the page's 52 "Decode tokens/s per
   user (no prefill)": Slack's two figures are named apart ("tok/s per user incl. prefills",
   "decode tok/s").
6. A truncated JSON body was /problems/bad-request "Input data was truncated"; now
   /problems/malformed-json, as every other malformed body.
7. A blank question's 400 showed a regular expression; now "the question is empty".
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from litestar.testing import TestClient

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import offer_where
from service.app import create_app
from service.domain.catalog.regions import Region
from service.settings import Settings
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text, table_rows

ROOT = Path(__file__).resolve().parents[2]
SECRET = "8f742231b10e8888abcd99yyyzzz85a5"


def _data() -> BotData:
    return BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)


def _slack(text: str) -> str:
    return all_text(run_command(parse_command(text), _data())).replace("\xa0", " ")


# -- 1: /gpu size on several GPUs describes them ------------------------------------------------

@pytest.mark.parametrize(("text", "fits", "speed"), [
    ("size llama 3.1 70b fp8 on 2xh100", "fits on 2 x NVIDIA H100 SXM5 80GB", "(~52 decode tok/s)"),
    ("dimensiune llama 3.1 70b fp8 pe 2xh100", "încape pe 2 x NVIDIA H100 SXM5 80GB",
     "(~52 tok/s la decodare)"),
])
def test_size_on_two_gpus_says_the_two_gpus_and_their_speed(text: str, fits: str,
                                                            speed: str) -> None:
    msg = run_command(parse_command(text), _data())
    said = all_text(msg)
    headline = said.splitlines()[0]
    assert re.search(r"\*73[.,]4 GiB\*", headline)
    assert f"{fits} {speed}" in headline
    assert "1 x NVIDIA H100" not in said and "~30" not in said
    rows = table_rows(msg)
    assert any(v == f"2 x NVIDIA H100 SXM5 80GB {speed}" for v in rows.values())


def test_size_on_one_gpu_keeps_its_row() -> None:
    said = _slack("size llama 3.1 70b fp8 on h100")
    assert "fits on 1 x NVIDIA H100 SXM5 80GB (~30 decode tok/s)" in said.splitlines()[0]


# -- 4: a region with no place is "region unknown", as on the page -----------------------------

def test_offer_where_says_region_unknown_for_a_region_with_no_place() -> None:
    m = knowledge().messages
    assert offer_where([Region(id="default")], "en", m) == "(region unknown)"
    assert offer_where([Region(id="default")], "ro", m) == "(regiune necunoscută)"
    placed = offer_where([Region(id="us-east-1", country="US", country_name="United States",
                                 continent="north-america")], "en", m)
    assert placed == "in us-east-1 (United States)"


@pytest.mark.parametrize(("text", "unknown"), [
    ("recommend llama 3.1 70b for 8 users", "hyperbolic (region unknown)"),
    ("recomanda llama 3.1 70b pentru 8 utilizatori", "hyperbolic (regiune necunoscută)"),
    ("offers h100", "hyperbolic (region unknown)"),
])
def test_slack_never_says_in_default(text: str, unknown: str) -> None:
    said = _slack(text)
    assert unknown in said
    assert " default," not in said


# -- 5 and 3: the per-user speeds named apart; the TTFT field Slack names exists ----------------

def test_recommend_names_its_per_user_speed_with_prefills_and_the_page_field() -> None:
    said = _slack("recommend llama 3.1 70b for 8 users")
    assert "~37 tok/s per user incl. prefills" in said
    assert "the web page's “First token within (ms)” field" in said
    ro = _slack("recomanda llama 3.1 70b pentru 8 utilizatori")
    assert "~37 tok/s per utilizator cu prefill-uri" in ro
    assert "câmpul „Primul token în (ms)” al paginii web" in ro


def test_the_page_has_the_ttft_field_it_sends_as_max_time_to_first_token_ms() -> None:
    html = (ROOT / "service/web/index.html").read_text(encoding="utf-8")
    js = (ROOT / "service/web/app.js").read_text(encoding="utf-8")
    assert re.search(r'<label for="ttft" data-i18n="ttft">', html)
    assert re.search(r'<input id="ttft" name="ttft" type="number"', html)
    assert "'ttft'" in js.split("var FORM_PARAMS", 1)[1].split(";", 1)[0]
    assert "body.max_time_to_first_token_ms = parseFloat(state.ttft)" in js
    m = knowledge().messages
    assert m.section("en", "web")["ttft"] == "First token within (ms)"
    assert m.section("ro", "web")["ttft"] == "Primul token în (ms)"


# -- 2, 6, 7: HTTP -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    settings = Settings(index_dir=index, rate_limit_per_minute=3, slack_signing_secret=SECRET,
                        slack_bot_token="xoxb-test", slack_api_url="http://127.0.0.1:9/api/")
    with TestClient(app=create_app(settings, configure_logs=False)) as c:
        yield c


def _signed(body: bytes) -> dict[str, str]:
    ts = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), b"v0:" + ts.encode() + b":" + body,
                           hashlib.sha256).hexdigest()
    return {"content-type": "application/x-www-form-urlencoded",
            "x-slack-request-timestamp": ts, "x-slack-signature": sig}


def _command(team: str) -> bytes:
    return urlencode({"token": "x", "team_id": team, "channel_id": "C1", "user_id": "U1",
                      "command": "/gpu", "text": "help",
                      "response_url": "http://127.0.0.1:9/hook",
                      "trigger_id": f"1.2.{uuid.uuid4().hex}"}).encode()


def test_signed_slack_requests_count_per_workspace_not_per_address(
        client: TestClient[Any]) -> None:
    if time.time() % 60 > 50:  # one fixed window for the whole test
        time.sleep(61 - time.time() % 60)
    for _ in range(3):
        client.get("/v1/gpus")
    assert client.get("/v1/gpus").status_code == 429  # this address is over its limit
    # the workspace's own bucket: Slack's requests from the same address are answered
    for _ in range(3):
        body = _command("T1")
        r = client.post("/slack/commands", content=body, headers=_signed(body))
        assert r.status_code == 200, r.text
        assert "over its requests per minute" not in r.text
    # over the workspace's limit: a 200 Slack shows, saying so, never a 429
    body = _command("T1")
    r = client.post("/slack/commands", content=body, headers=_signed(body))
    assert r.status_code == 200
    assert "This workspace is over its requests per minute; try again in" in r.text
    # another workspace has its own bucket
    body = _command("T2")
    r = client.post("/slack/commands", content=body, headers=_signed(body))
    assert r.status_code == 200 and "over its requests per minute" not in r.text
    # an unsigned request counts by its address, which is over the limit
    body = _command("T3")
    r = client.post("/slack/commands", content=body,
                    headers={**_signed(body), "x-slack-signature": "v0=" + "0" * 64})
    assert r.status_code == 429


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


@pytest.mark.parametrize("path", ["/v1/ask", "/v1/sizing", "/v1/recommendations"])
@pytest.mark.parametrize("body", [b'{"question":"hi"', b'{"model":"llama-3.1-8b"', b"[1,"])
def test_a_truncated_body_is_malformed_json(plain: TestClient[Any], path: str,
                                            body: bytes) -> None:
    headers = {"content-type": "application/json"}
    r = plain.post(path, content=body, headers=headers)
    other = plain.post(path, content=b"question=hi", headers=headers)
    assert r.status_code == 400 and other.status_code == 400
    assert r.json()["type"] == other.json()["type"] == "/problems/malformed-json"
    assert r.json()["detail"].startswith("malformed JSON body: ")


@pytest.mark.parametrize(("question", "message"), [
    ("   ", "the question is empty: only white space or control characters; write a question"),
    ("\t\n", "the question is empty: only white space or control characters; write a question"),
    ("", "the question is empty; write a question"),
])
def test_a_blank_question_says_it_is_empty(plain: TestClient[Any], question: str,
                                           message: str) -> None:
    r = plain.post("/v1/ask", json={"question": question})
    assert r.status_code == 400
    body = r.json()
    assert body["type"] == "/problems/validation-error"
    assert body["errors"] == [{"path": "$.question", "message": message}]
    assert "regex" not in body["detail"]
