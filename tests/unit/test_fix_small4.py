"""Three small fixes of /v1/ask's wording and the web page (task small4):

1. a count of requests of one is singular in both languages ("at 1 concurrent request", "la 1
   cerere simultană"; it was "at 1 concurrent requests", "la 1 cereri simultane");
2. the web page's context box shows the context it sends for an embedding model (its own
   max, 512 for bge-large) when the user has not typed one (it showed the form's 8,192);
3. a one-off egress priced with a GPU setup's month says that it is once, and what a month
   without it costs (it read as a monthly egress)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.unit.ask_fixtures import ask

APP_JS = Path(__file__).resolve().parents[2] / "service" / "web" / "app.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: app.js not run")


def _first(question: str) -> str:
    return ask(question).answer.split("\n\n")[0]


# ---- 1. one request is singular -------------------------------------------------------

def test_target_missed_at_one_request_is_singular_en() -> None:
    text = _first("Can one L4 run Llama 3.1 8B with TTFT under 500 ms?")
    assert "the fewest that meet it are 4 × NVIDIA L4 24GB" in text
    assert "392 ms to the first token at 1 concurrent request." in text
    assert "1 concurrent requests" not in text


def test_target_missed_at_one_request_is_singular_ro() -> None:
    text = _first("Poate un L4 rula Llama 3.1 8B cu TTFT sub 500 ms?")
    assert "392 ms până la primul token la 1 cerere simultană." in text
    assert "1 cereri" not in text


def test_full_load_of_one_request_is_singular() -> None:
    en = _first("Can one H100 run Llama 3.1 70B at fp8 at 40 tokens/s?")
    assert "at 1 concurrent request." in en
    assert "at full load (1 request at once): 29 output tokens/s" in en
    assert "1 requests" not in en
    ro = _first("Poate un H100 rula Llama 3.1 70B la fp8 la 40 de tokeni/s?")
    assert "(1 cerere deodată)" in ro
    assert "1 cereri" not in ro


def test_more_than_one_request_reads_as_before() -> None:
    text = _first("Can one H100 run Llama 3.1 8B with 16 users at 60 tokens/s per user?")
    assert "1 concurrent request" not in text
    assert not re.search(r"\b1 requests?\b", text)


# ---- 2. the web page's context box -----------------------------------------------------

def _js_function(source: str, name: str) -> str:
    m = re.search(rf"^  function {name}\(.*?^  }}$", source, re.S | re.M)
    assert m, f"app.js has no function {name}"
    return m.group(0)


def _page(body: str) -> object:
    """app.js's context functions under Node, with a stub form (its context field) and a
    model list of an embedding model (bge-large, 512 tokens) and an LLM."""
    assert NODE is not None
    source = APP_JS.read_text(encoding="utf-8")
    consts = re.search(r"^  var EMBED_CONTEXT = .*?;$", source, re.M)
    defaults = re.search(r"^  var DEFAULTS = \{.*?\};$", source, re.S | re.M)
    assert consts and defaults
    models = [{"id": "bge-large-en-v1.5", "name": "BGE large", "task": "embed",
               "kind": "embedding", "max_context": 512},
              {"id": "llama-3.1-8b", "name": "Llama 3.1 8B", "task": "generate",
               "kind": "llm", "max_context": 131072}]
    head = "\n".join([
        consts.group(0), defaults.group(0),
        f"var models = {json.dumps(models)};",
        "var field = { value: DEFAULTS.context, dataset: {} };",
        "var form = { elements: { context: field } };",
        "function $(id) { return id === 'advisor-form' ? form : null; }",
        *(_js_function(source, n) for n in (
            "modelEntry", "embedding", "contextTokens", "showContext", "formContextValue")),
    ])
    done = subprocess.run([NODE, "-e", head + "\n" + body], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@needs_node
def test_the_context_box_shows_what_is_sent_for_an_embedding_model() -> None:
    got = _page("""
        var out = [];
        var state = { model: 'bge-large-en-v1.5', context: formContextValue(field) };
        showContext(state);
        out.push([field.value, contextTokens(state)]);
        // read again (the next run): the box's 512 is still the model's own, not typed
        state = { model: 'bge-large-en-v1.5', context: formContextValue(field) };
        out.push([state.context, contextTokens(state)]);
        // the model changed to an LLM: the form's default is back in the box
        state = { model: 'llama-3.1-8b', context: formContextValue(field) };
        showContext(state);
        out.push([field.value, contextTokens(state)]);
        // typed by the user: kept and sent as typed
        field.value = '300'; delete field.dataset.auto;
        state = { model: 'bge-large-en-v1.5', context: formContextValue(field) };
        showContext(state);
        out.push([field.value, contextTokens(state)]);
        console.log(JSON.stringify(out));
    """)
    assert got == [["512", 512], ["4096", 512], ["4096", 4096], ["300", 300]]  # 4,096: the default


# ---- 3. a one-off egress beside a month of serving -------------------------------------

def test_one_off_egress_in_a_month_of_serving_says_once_en() -> None:
    text = _first("Cost to serve Llama 3.1 8B on an H100 for a month and move 200 GB of "
                  "weights out of AWS once")
    assert "about $4,964/month" in text
    assert ("Of which $4,954 GPU time, $1.36 storage and $9.00 egress for moving 200 GB out "
            "once (priced as that month's only egress; a month without it costs $4,955)."
            ) in text


def test_one_off_egress_in_a_month_of_serving_says_once_ro() -> None:
    text = _first("Cât costă să servesc Llama 3.1 8B pe un H100 și trafic de ieșire de "
                  "200 GB o singură dată din AWS?")
    assert ("Din care 4.954\xa0USD timp de GPU, 1,36\xa0USD stocare și 9,00\xa0USD trafic "
            "de ieșire pentru mutarea unică a 200 GB (socotit ca singurul trafic de ieșire "
            "al acelei luni; o lună fără el costă 4.955\xa0USD).") in text


def test_monthly_egress_is_said_as_before() -> None:
    text = _first("Cost to serve Llama 3.1 8B on an H100 for a month with 200 GB of egress "
                  "a month at AWS")
    assert "Of which $4,954 GPU time, $1.36 storage and $9.00 egress." in text
    assert "once" not in text
